import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form } from "@remix-run/react";
import { requireDevRoutes } from "~/web/dev-routes.server";
import { redirectWithToast } from "~/web/toast.server";

// Dev/test page: a server-set flash toast, shown on the next page even without JavaScript.
export async function loader({ context }: LoaderFunctionArgs) {
  requireDevRoutes(context);
  return null;
}

export async function action({ context }: ActionFunctionArgs) {
  requireDevRoutes(context);
  return redirectWithToast(context, "/", {
    title: "Flash from the server",
    description: "This toast was set by an action and rendered without JavaScript.",
    variant: "success",
  });
}

export default function DevToast() {
  return (
    <Form method="post">
      <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white">
        Send a flash toast
      </button>
    </Form>
  );
}
