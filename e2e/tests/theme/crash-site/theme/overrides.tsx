// Wraps the theme's DocFooter: a last-update date that is not a date is a bug in the page data,
// reported as an error whose cause says what was wrong (the theme's own DocFooter shows it as is).
import {
  DocFooter as ThemeDocFooter,
  type DocFooterProps,
} from '@ssg/theme-react/components/DocFooter'

export function DocFooter(props: DocFooterProps) {
  if (props.lastUpdated !== null && Number.isNaN(Date.parse(props.lastUpdated))) {
    throw new Error('Cannot show when this page was last updated', {
      cause: new RangeError(`Invalid date \`${props.lastUpdated}\` in the page data`),
    })
  }
  return <ThemeDocFooter {...props} />
}
