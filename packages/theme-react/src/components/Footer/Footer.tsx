import type { SiteData } from '@ssg/core/contract'
import { isExternal, withBase } from '../../lib/url'

/** Props of {@link Footer}. */
export interface FooterProps {
  site: SiteData
}

/** Link columns, copyright and the site version. */
export function Footer({ site }: FooterProps) {
  const { columns, copyright } = site.footer
  return (
    <footer className="ssg-footer">
      <div className="ssg-footer__inner">
        {columns.length > 0 && (
          <div className="ssg-footer__columns">
            {columns.map((column) => (
              <section className="ssg-footer__column" key={column.title}>
                <h2 className="ssg-footer__title">{column.title}</h2>
                <ul className="ssg-footer__links">
                  {column.items.map((item) => (
                    <li key={item.href + item.label}>
                      <a
                        className="ssg-footer__link"
                        href={withBase(site.baseUrl, item.href)}
                        {...(isExternal(item.href) ? { rel: 'noopener noreferrer' } : {})}
                      >
                        {item.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
        <div className="ssg-footer__bottom">
          <p className="ssg-footer__copyright">{copyright}</p>
          <p className="ssg-footer__version">Version {site.version}</p>
        </div>
      </div>
    </footer>
  )
}
