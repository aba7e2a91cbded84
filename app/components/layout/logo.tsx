export function Logo({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#059669" />
      <path d="M9 7h6v15h8v5H9z" fill="#ecfdf5" />
      <circle cx="23" cy="11" r="4" fill="#fbbf24" />
    </svg>
  );
}
