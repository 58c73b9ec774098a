// The firm's logo when one is uploaded (Branding), else the product's tile (public/favicon.svg drawn
// inline): the primary colour with its contrast colour, so it is a dark tile with a white V in the light
// theme and a light tile with a dark V in the dark one, never a dark tile lost on a dark header.
import { useBranding } from '../app/branding.ts';
import classes from './logo-mark.module.css';

export function LogoMark({ size }: { size: number }) {
  const logoUrl = useBranding()?.logoUrl;
  if (logoUrl) return <img src={logoUrl} alt="" height={size} style={{ maxWidth: size * 4, objectFit: 'contain' }} />;
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden focusable="false" className={classes.mark}>
      <rect width="32" height="32" rx="7" className={classes.tile} />
      <path
        d="M9 10l7 13 7-13"
        fill="none"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={classes.letter}
      />
    </svg>
  );
}
