import type { NavKey } from "~/models/basket-nav";

/**
 * The bar's icons: outline normally, solid on the current page (spec 1 §2). Decorative; the label names the button.
 */
export function NavIcon({ name, solid }: { name: NavKey | "home"; solid: boolean }) {
  const fill = solid ? "currentColor" : "none";
  return (
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {name === "search" ? (
        <>
          <circle cx={11} cy={11} r={6.5} fill={fill} />
          <path d="M16 16l5 5" />
        </>
      ) : name === "stores" ? (
        <>
          <path d="M4 10v10h16V10" fill={fill} />
          <path d="M3 10l2-6h14l2 6z" fill={fill} />
          <path d="M10 20v-5h4v5" stroke={solid ? "var(--color-surface, #fff)" : "currentColor"} />
        </>
      ) : name === "home" ? (
        <path d="M3 11l9-8 9 8v10h-6v-6H9v6H3z" fill={fill} />
      ) : name === "menu" ? (
        <>
          <rect x={4} y={3} width={16} height={18} rx={2} fill={fill} />
          <path d="M8 8h8M8 12h8M8 16h5" stroke={solid ? "var(--color-surface, #fff)" : "currentColor"} />
        </>
      ) : name === "account" ? (
        <>
          <circle cx={12} cy={8} r={4} fill={fill} />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill={fill} />
        </>
      ) : (
        <>
          <path d="M5 8h14l-1.5 12h-11z" fill={fill} />
          <path d="M9 8V6a3 3 0 0 1 6 0v2" />
        </>
      )}
    </svg>
  );
}
