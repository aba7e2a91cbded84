// The club message limit without zod: the composer imports it, and importing it from the schema
// module would pull zod (~25 KB gzip) into the chat's chunk (ADR 033).
export const CLUB_MESSAGE_MAX_LENGTH = 2000;
