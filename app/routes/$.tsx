import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { NotFoundMessage } from "~/components/not-found-message";

export const meta: MetaFunction = () => [{ title: "Page not found — LockerSwap" }];

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
