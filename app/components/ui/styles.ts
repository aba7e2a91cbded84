// The kit's class names, in one place so every form control looks and focuses the same.

export const inputClass =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 aria-[invalid=true]:border-red-500";

export const labelClass = "block text-sm font-medium text-slate-800";

export const descriptionClass = "mt-1 text-sm text-slate-600";

export const errorClass = "mt-1 text-sm text-red-700";

const buttonBase =
  "inline-flex min-h-11 items-center justify-center rounded-md px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-70";

export const buttonClass = {
  primary: `${buttonBase} bg-brand-600 text-white hover:bg-brand-700`,
  secondary: `${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`,
  danger: `${buttonBase} bg-red-700 text-white hover:bg-red-800`,
} as const;

export type ButtonTone = keyof typeof buttonClass;
