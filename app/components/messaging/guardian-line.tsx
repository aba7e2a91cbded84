// "Sam's guardian can read this conversation" (ADR 096): both sides of a conversation with an
// overseen teen see it above the messages. Words from the loader (families/oversight.server.ts).
export function GuardianLine({ text }: { text: string }) {
  return (
    <p data-testid="guardian-line" className="mb-2 flex items-center gap-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
      <span aria-hidden="true">👪</span>
      {text}
    </p>
  );
}
