// The club Messages tab (spec 02 §2 Messages tab, ADR 041): its sub-tabs as URL state, then
// the group chat or announcements (club-chat.tsx) or direct messages (club-dm.tsx). Its own chunk,
// loaded when the tab opens (ADR 033).
import { Link } from "@remix-run/react";
import type { MessagesTabData } from "~/web/club-messages-tab.server";
import { ClubChat } from "./club-chat";
import { ClubDirectMessages } from "./club-dm";

const SUB_TABS = [
  { key: "chat", label: "Group Chat" },
  { key: "announcements", label: "Announcements" },
  { key: "dm", label: "Direct Messages" },
] as const;

export function ClubMessagesTab({ slug, data }: { slug: string; data: MessagesTabData }) {
  return (
    <div className="space-y-4">
      <nav aria-label="Messages">
        <ul className="flex flex-wrap gap-2">
          {SUB_TABS.map((tab) => (
            <li key={tab.key}>
              <Link
                to={`?tab=messages&sub=${tab.key}`}
                preventScrollReset
                aria-current={data.sub === tab.key ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ${
                  data.sub === tab.key ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {data.chat ? <ClubChat key={`${slug}:${data.chat.kind}`} slug={slug} data={data} chat={data.chat} /> : null}
      {data.dm ? <ClubDirectMessages key={`${slug}:${data.dm.withId ?? ""}`} slug={slug} data={data} dm={data.dm} /> : null}
    </div>
  );
}
