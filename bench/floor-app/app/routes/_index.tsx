// One route: a tree of `?n=` elements (the element count of the page it stands beside), as cards of
// six elements — a list item holding an article with a heading, a link, a paragraph and a label — with
// the remainder as plain blocks. Text only, so the floor measures the framework, not images.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";

const PER_CARD = 6;
// <main> and <ul> are two of the n.
const WRAPPERS = 2;

export function loader({ request }: LoaderFunctionArgs) {
  const n = Math.min(20_000, Math.max(WRAPPERS, Number(new URL(request.url).searchParams.get("n")) || 500));
  return { n };
}

export default function Tree() {
  const { n } = useLoaderData<typeof loader>();
  const cards = Math.floor((n - WRAPPERS) / PER_CARD);
  const rest = n - WRAPPERS - cards * PER_CARD;
  return (
    <main>
      <ul>
        {Array.from({ length: cards }, (_, i) => (
          <li key={i}>
            <article>
              <h3>Item {i + 1}</h3>
              <a href={`#item-${i}`}>Open item {i + 1}</a>
              <p>A short description of item {i + 1}, as long as a card's.</p>
              <span>{i % 2 ? "Like new" : "Good"}</span>
            </article>
          </li>
        ))}
      </ul>
      {Array.from({ length: rest }, (_, i) => (
        <div key={i}>Block {i + 1}</div>
      ))}
    </main>
  );
}
