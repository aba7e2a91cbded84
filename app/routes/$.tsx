import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { NotFoundMessage } from "~/components/layout/not-found-message";
import { pageMeta } from "~/web/meta";

export const meta: MetaFunction = () =>
  pageMeta("Page not found — LockerSwap", "This page does not exist. Find used sports equipment near you on LockerSwap.");

// Any path no other route claims (spec 01 §2): a real 404, and the path logged.
export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  console.warn(JSON.stringify({ level: "warn", event: "not_found", path: pathname }));
  return data(null, { status: 404 });
}

export async function action(args: LoaderFunctionArgs) {
  return loader(args);
}

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <NotFoundMessage />
    </div>
  );
}
