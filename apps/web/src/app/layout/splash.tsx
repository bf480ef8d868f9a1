import { LogoMark } from '../../shared/ui/logo';

/** Shown while the first screen's code loads; text-free so it needs no translations yet. */
export function Splash() {
  return (
    <div className="splash" aria-hidden="true">
      <LogoMark size={56} />
    </div>
  );
}
