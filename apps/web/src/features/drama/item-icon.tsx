import type { ItemKey } from '@taleforge/contracts/constants';

/** Small drawn icons for the five items (our own art). */
const PATHS: Record<ItemKey, { d: string; color: string }> = {
  healing_potion: {
    d: 'M9 2h6v2h-1v4.2l4.6 7.4A3 3 0 0 1 16 20H8a3 3 0 0 1-2.6-4.4L10 8.2V4H9zM7.8 15h8.4l-2.5-4h-3.4z',
    color: '#ff8fa3',
  },
  magic_scroll: {
    d: 'M6 3h11a3 3 0 0 1 0 6h-1v9a3 3 0 0 1-3 3H5a3 3 0 0 1 0-6h1zm2 2v10h5v3a1 1 0 0 0 1-1V5zm9 0v2a1 1 0 0 0 0-2zM5 17a1 1 0 0 0 0 2h6.2a3 3 0 0 1-.2-1v-1z',
    color: '#b9a3ff',
  },
  mysterious_key: {
    d: 'M8 3a5 5 0 0 1 4.6 7H22v3h-2v3h-3v-3h-2v2h-3v-2h-.4A5 5 0 1 1 8 3zm0 3a2 2 0 1 0 0 4 2 2 0 0 0 0-4z',
    color: '#f6c76b',
  },
  enhanced_armor: {
    d: 'M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5zm0 3.2L7 7v4c0 3.4 2.1 6.5 5 7.8z',
    color: '#9fd3ff',
  },
  invisibility_cloak: {
    d: 'M12 2c3 0 5 2.2 5 5v2l4 13H3L7 9V7c0-2.8 2-5 5-5zm0 3a2 2 0 0 0-2 2v2h4V7a2 2 0 0 0-2-2z',
    color: '#c9c2e8',
  },
};

export function ItemIcon({ item }: { item: ItemKey }) {
  const { d, color } = PATHS[item];
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d} fill={color} fillRule="evenodd" />
    </svg>
  );
}

export function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1zm2 0h6V7a3 3 0 0 0-6 0z"
        fill="currentColor"
      />
    </svg>
  );
}
