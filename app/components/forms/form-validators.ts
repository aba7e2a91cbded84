// Loaded on a form's first focus or input (useLazyValidation, ADR 032): zod + conform's parser stay
// out of the first load of the club, profile and verify-email pages (ADR 033).
import { parseWithZod } from "@conform-to/zod/v4";
import { ResendSchema } from "~/shared/schemas/auth";
import { ClubFormSchema } from "~/shared/schemas/club";
import { PostRequestSchema } from "~/shared/schemas/item-request";
import { CreateSwapDaySchema } from "~/shared/schemas/swap-day";
import { ChangePasswordSchema, ProfileSchema } from "~/shared/schemas/profile";

export const validateClub = (formData: FormData) => parseWithZod(formData, { schema: ClubFormSchema });
export const validateResend = (formData: FormData) => parseWithZod(formData, { schema: ResendSchema });
export const validateProfile = (formData: FormData) => parseWithZod(formData, { schema: ProfileSchema });
export const validatePostRequest = (formData: FormData) => parseWithZod(formData, { schema: PostRequestSchema });
export const validateChangePassword = (formData: FormData) => parseWithZod(formData, { schema: ChangePasswordSchema });
export const validateCreateSwapDay = (formData: FormData) => parseWithZod(formData, { schema: CreateSwapDaySchema });
