// What 'Continue with Google' tells the user (ADR 005); the web layer shows them as toasts.
/** How a Google sign-in ended (features/accounts/google-auth.server.ts returns it). */
type GoogleSignInOutcome = "signed-in" | "linked" | "created";

export const GOOGLE_TOASTS = {
  notSetUp: { title: "Google sign-in is not set up", description: "Sign in with your email and password instead.", variant: "destructive" },
  failed: { title: "Sign in failed", description: "We could not sign you in with Google. Please try again.", variant: "destructive" },
  signedIn: (outcome: GoogleSignInOutcome) =>
    ({ title: "Signed in", description: outcome === "created" ? "Welcome to LockerSwap!" : "Welcome back!", variant: "success" }) as const,
} as const;
