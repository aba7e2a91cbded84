import { useNavigation } from "@remix-run/react";
import { Button, type ButtonProps, type ButtonVariant } from "./button";

/**
 * A submit button that shows its pending text while its form is on its way, and is disabled then
 * so a double click does not post twice. Without JavaScript it is a plain submit button.
 *
 *   const pending = useIsPending({ intent: "signin" });
 *   <SubmitButton pending={pending} pendingText="Signing in...">Sign In</SubmitButton>
 *   <SubmitButton name="intent" value="save" pending={saving} pendingText="Creating..." tone="primary" className="w-full">
 *     Create Listing
 *   </SubmitButton>
 */
export function SubmitButton({
  pending = false,
  pendingText,
  tone,
  ...rest
}: {
  pending?: boolean;
  pendingText: string;
  /** The variant (kept by that name for the forms written before `Button`). */
  tone?: ButtonVariant;
} & Omit<ButtonProps, "type" | "busy" | "busyText">) {
  return <Button type="submit" variant={tone} busy={pending} busyText={pendingText} {...rest} />;
}

/**
 * True while a form submission matching the given intent / action / method is in flight (a
 * navigation, not a fetcher). With no arguments: any non-GET submission of this page.
 *
 *   const saving = useIsPending({ intent: "save" });
 *   const deleting = useIsPending({ formAction: `/listing/${id}/delete` });
 */
export function useIsPending({
  intent,
  formAction,
  formMethod = "POST",
}: { intent?: string; formAction?: string; formMethod?: "POST" | "PUT" | "PATCH" | "DELETE" } = {}) {
  const navigation = useNavigation();
  if (navigation.state === "idle" || navigation.formMethod?.toUpperCase() !== formMethod) return false;
  if (formAction !== undefined && navigation.formAction !== formAction) return false;
  if (intent !== undefined && navigation.formData?.get("intent") !== intent) return false;
  return true;
}
