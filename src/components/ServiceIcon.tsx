/** Line icons for the six service categories (the catalog's `icon` names). */
const PATHS: Record<string, string> = {
  camera: 'M3 7h11l4-3v12l-4-3H3zM7 17v3',
  shield: 'M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6z',
  key: 'M15 7a4 4 0 1 1-3.9 5H3v3h3v3h3v-3h2.1A4 4 0 0 1 15 7z',
  network: 'M12 3v5M5 16v-3h14v3M12 8h0M3 16h4v5H3zM10 16h4v5h-4zM17 16h4v5h-4zM10 3h4v5h-4z',
  wifi: 'M2 9a15 15 0 0 1 20 0M5 13a10 10 0 0 1 14 0M8.5 16.5a5 5 0 0 1 7 0M12 20h.01',
  broadcast:
    'M4.9 19.1a10 10 0 0 1 0-14.2M19.1 4.9a10 10 0 0 1 0 14.2M7.8 16.2a6 6 0 0 1 0-8.4M16.2 7.8a6 6 0 0 1 0 8.4M12 12h.01',
};

export function ServiceIcon({ icon, className = 'h-6 w-6' }: { icon: string; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`${className} fill-none stroke-current stroke-2`}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[icon] ?? PATHS.shield} />
    </svg>
  );
}
