import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
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
      <Button type="submit" size="slim">
        Send a flash toast
      </Button>
    </Form>
  );
}
