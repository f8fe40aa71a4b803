/** Names of the theme's icons (drawn by CSS masks: `.ssg-icon--<name>`, no SVG in the JS). */
export type IconName = 'sun' | 'moon' | 'menu' | 'close' | 'chevron' | 'external' | 'github'

/** A decorative icon in the current text colour; size it with CSS (`.ssg-icon`). */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <span
      className={`ssg-icon ssg-icon--${name}${className ? ' ' + className : ''}`}
      aria-hidden="true"
    />
  )
}
