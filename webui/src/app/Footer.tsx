/** Footer carries the copyright line and the "Powered by" mark. */
export function Footer() {
  return (
    <footer className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 bg-white px-6 py-3 text-xs text-slate-600">
      <p>© {new Date().getFullYear()} CommsPlan. All rights reserved.</p>
      <p className="flex items-center gap-1.5">
        Powered by
        <svg viewBox="0 0 96 16" className="h-4 w-auto" role="img" aria-label="commsplan">
          <rect width="16" height="16" rx="3" fill="#1d4ed8" />
          <path d="M4 5h8v1.5H4zm0 2.75h8v1.5H4zM4 10.5h5V12H4z" fill="#fff" />
          <text x="20" y="12.5" fontSize="12" fontFamily="system-ui, sans-serif" fontWeight="600" fill="#1e293b">
            commsplan
          </text>
        </svg>
      </p>
    </footer>
  );
}
