// Loaded on the auth forms' first input (useLazyValidation): zod + conform's parser stay out of
// the page's first load.
import { parseWithZod } from "@conform-to/zod/v4";
import { SignInSchema, SignUpSchema } from "~/shared/schemas/auth";

export const validateSignIn = (formData: FormData) => parseWithZod(formData, { schema: SignInSchema });
export const validateSignUp = (formData: FormData) => parseWithZod(formData, { schema: SignUpSchema });
