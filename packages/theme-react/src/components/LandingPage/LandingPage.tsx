import type { PageData } from '@ssg/core/contract'
import { useTheme } from '../../context'
import { withBase } from '../../lib/url'

/** Props of {@link LandingPage}. */
export interface LandingPageProps {
  page: PageData
}

/** The home page layout: hero, cards into the sections, then the page's Markdown. */
export function LandingPage({ page }: LandingPageProps) {
  const { site, components } = useTheme()
  const { Article, Icon } = components
  const hero = page.hero
  return (
    <main id="ssg-main" className="ssg-landing" tabIndex={-1}>
      <section className="ssg-hero" aria-labelledby="ssg-hero-title">
        <div className="ssg-hero__inner">
          <h1 className="ssg-hero__title" id="ssg-hero-title">
            {hero?.title ?? page.title}
          </h1>
          {(hero?.tagline ?? site.tagline) && (
            <p className="ssg-hero__tagline">{hero?.tagline ?? site.tagline}</p>
          )}
          {hero && hero.actions.length > 0 && (
            <div className="ssg-hero__actions">
              {hero.actions.map((action) => (
                <a
                  key={action.href}
                  className={
                    'ssg-button ssg-button--lg ssg-button--' + (action.variant ?? 'primary')
                  }
                  href={withBase(site.baseUrl, action.href)}
                >
                  {action.label}
                </a>
              ))}
            </div>
          )}
        </div>
      </section>
      {page.cards.length > 0 && (
        <section className="ssg-cards" aria-label="Sections">
          <ul className="ssg-cards__grid">
            {page.cards.map((card) => (
              <li className="ssg-card" key={card.href}>
                <a className="ssg-card__link" href={withBase(site.baseUrl, card.href)}>
                  <h2 className="ssg-card__title">
                    {card.title}
                    <Icon name="chevron" className="ssg-card__arrow" />
                  </h2>
                  <p className="ssg-card__description">{card.description}</p>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Article html={page.html} className="ssg-markdown ssg-landing__content" />
    </main>
  )
}
