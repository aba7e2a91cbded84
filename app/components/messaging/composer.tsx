// The message box of the club Messages tab (ADR 039), for the group chat, announcements and DMs.
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { CHAT_TEXT } from "~/shared/copy/chat";
import type { ChatMessageData } from "~/web/club-messages-tab.server";
import { useHydrated } from "~/hooks/use-hydrated";
import { MESSAGE_MAX_LENGTH } from "~/shared/schemas/limits";
import { showToast, type ToastMessage } from "../layout/toaster";
import { Button } from "../ui/button";
import { Textarea } from "../ui/textarea";

function useOnline() {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

function newClientId() {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export type ComposerResult = { ok: boolean; toast?: ToastMessage | null; error?: string; chat?: ChatMessageData; dm?: unknown };

/**
 * The message box: a real form (intent, hidden fields, the client-made id). Enter sends,
 * Shift+Enter adds a line, Send is disabled while the trimmed text is empty; the text stays until
 * the server says it is stored, and the id stays with it so a retry is stored once.
 */
export function MessageComposer({
  action,
  fields,
  initialClientId,
  label,
  placeholder,
  submitLabel,
  onSent,
}: {
  action: string;
  fields: Record<string, string>;
  initialClientId: string;
  label: string;
  placeholder: string;
  submitLabel: string;
  onSent: (result: ComposerResult) => void;
}) {
  const hydrated = useHydrated();
  const online = useOnline();
  const fetcher = useFetcher<ComposerResult>();
  const form = useRef<HTMLFormElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState("");
  const [clientId, setClientId] = useState(initialClientId);
  const [error, setError] = useState<string | null>(null);
  const handled = useRef<unknown>(null);
  const sending = fetcher.state !== "idle";
  // The club's Messages tab hydrates when its chunk arrives, and text can be typed into the
  // server-rendered box at any moment around that. The box is uncontrolled — the DOM holds the text,
  // React never writes over it — and one form element serves before and after hydration (swapping
  // <Form> for <fetcher.Form> remounted the box and lost what was typed in between: CI, blocks.spec).
  // `text` follows the box (Send's state); it is read from the DOM on mount and once hydrated.
  useEffect(() => {
    setText(field.current?.value ?? "");
  }, [hydrated]);

  useEffect(() => {
    // fetcher.data arrives while the page revalidates ("loading"); act on it then, before the
    // revalidated list can unmount this component.
    const result = fetcher.data;
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      if (field.current) field.current.value = "";
      setText("");
      setClientId(newClientId());
      setError(null);
      onSent(result);
    } else {
      setError(result.error ?? null);
    }
    if (result.toast) showToast(result.toast);
  }, [fetcher.data, onSent]);

  const empty = text.trim().length === 0;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!empty && !sending && online) form.current?.requestSubmit();
  };
  // fetcher.Form renders the same <form method="post" action> as <Form> on the server, so the page
  // works without JavaScript; once hydrated it submits through the fetcher.
  return (
    <fetcher.Form ref={form} method="post" action={action} className="space-y-1">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="clientId" value={clientId} />
      {hydrated ? <input type="hidden" name="respond" value="json" /> : null}
      <div className="flex items-end gap-2">
        <Textarea
          ref={field}
          name="content"
          aria-label={label}
          placeholder={placeholder}
          rows={2}
          maxLength={MESSAGE_MAX_LENGTH}
          required
          defaultValue=""
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          className="block w-full resize-none"
        />
        <Button type="submit" disabled={hydrated && (empty || sending || !online)}>
          {sending ? "Sending..." : submitLabel}
        </Button>
      </div>
      {!online ? (
        <p role="status" className="text-sm text-amber-800">
          {CHAT_TEXT.offline}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
