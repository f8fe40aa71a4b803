// Replaces the theme's Footer by wrapping it: inside this module, the import below is the
// theme's original Footer (everywhere else, `Footer` is this one).
import { Footer as ThemeFooter, type FooterProps } from '@ssg/theme-react/components/Footer'

export function Footer(props: FooterProps) {
  return (
    <div className="orbitra-footer">
      <p className="orbitra-footer__status" data-testid="brand-status">
        Ground stations: all systems nominal
      </p>
      <ThemeFooter {...props} />
    </div>
  )
}
