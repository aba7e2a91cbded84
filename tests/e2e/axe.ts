import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

// WCAG 2.1 A/AA and axe's best practices (heading order, landmarks), as Lighthouse counts them.
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * axe for one page, run inside it (`axe.run`, the builder's legacy mode). The builder's default runs each
 * frame's part and then opens a blank page of the context to put the parts together — for pages without
 * cross-origin frames (ours have none) the same findings at about half the time: /sport/soccer 6.8–9.0 s
 * against 3.0–3.2 s a scan at load 15, the same violations and incomplete nodes (2026-12-02).
 */
export function axeOn(page: Page) {
  return new AxeBuilder({ page }).setLegacyMode(true);
}

type ContrastData = {
  messageKey?: string;
  contrastRatio: number;
  fgColor?: string;
  bgColor?: string;
  fontSize: string;
  fontWeight: string;
  expectedContrastRatio: string;
};

/**
 * axe's findings on the page as it is, one readable line per offending element. axe leaves a text of one
 * character "incomplete" even when it measured its contrast below the minimum (`shortTextContent`: it
 * may be an icon, not a word); the count on a badge is such a text, a digit people read, so a measured
 * shortfall there is a finding too — the bell's green badge (3.65:1) passed for that reason alone.
 */
export async function axeFindings(page: Page): Promise<string[]> {
  const { violations, incomplete } = await axeOn(page).withTags(AXE_TAGS).analyze();
  const line = (id: string, impact: string | null | undefined, target: unknown[], summary: string | undefined) =>
    `${id} (${impact}) ${target.join(" ")}: ${summary?.replace(/\s+/g, " ")}`;
  const shortText = incomplete
    .filter((result) => result.id === "color-contrast")
    .flatMap((result) =>
      result.nodes.flatMap((node) =>
        node.any
          .map((check) => check.data as ContrastData | null)
          // Measured: both colours known (one hidden under an open menu stays axe's "incomplete").
          .filter((data): data is ContrastData => data?.messageKey === "shortTextContent" && Boolean(data.fgColor && data.bgColor))
          .map((data) =>
            line(
              result.id,
              node.impact,
              node.target,
              `one character at ${data.contrastRatio}:1 (${data.fgColor} on ${data.bgColor}, ${data.fontSize} ${data.fontWeight}), ${data.expectedContrastRatio} expected`,
            ),
          ),
      ),
    );
  return [...violations.flatMap((v) => v.nodes.map((node) => line(v.id, v.impact, node.target, node.failureSummary))), ...shortText];
}
