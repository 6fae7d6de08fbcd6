import { useTranslations } from 'next-intl';
import { TESTIMONIALS } from './landing-content';
import { LogoMark } from './customer-logos';
import { Icon, Star } from './icons';
import { LogoStrip } from './logo-strip';
import { SectionHeading } from './section-heading';
import { TestimonialCarousel } from './testimonial-carousel';

const RATING = 5;

export function TrustedSection() {
  const t = useTranslations('landing.trusted');
  return (
    <section id="Trusted" aria-labelledby="Trusted-title" className="scroll-mt-[72px] py-20" data-reveal="right">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="Trusted-title" title={t('title')} lead={t('lead')} />
        <LogoStrip />
        <div className="mt-10">
          <TestimonialCarousel
            labels={{ region: t('carousel'), previous: t('previous'), next: t('next') }}
            icons={{
              previous: <Icon name="chevronLeft" className="h-5 w-5" />,
              next: <Icon name="chevronRight" className="h-5 w-5" />,
            }}
          >
            {TESTIMONIALS.map((item, index) => (
              <div
                key={item.review}
                className="swiper-slide !h-auto"
                role="group"
                aria-roledescription="slide"
                aria-label={t('slide', { index: index + 1, total: TESTIMONIALS.length })}
                data-index={index}
              >
                <figure className="h-full rounded-xl border border-surface-border bg-surface-raised p-6 shadow-sm sm:p-8">
                  {/* The rating is fixed and read-only: a picture of stars, not an input. */}
                  <div role="img" aria-label={t('rating')} className="flex gap-1 text-warning-500" data-rating={RATING}>
                    {Array.from({ length: RATING }, (_, star) => (
                      <Star key={star} />
                    ))}
                  </div>
                  <blockquote className="mt-4 text-lg leading-relaxed">
                    <p>“{t(`reviews.${item.review}`)}”</p>
                  </blockquote>
                  {/* Icons and company names only above 660 px. */}
                  <figcaption className="mt-6 hidden items-center gap-3 testimonial:flex">
                    <LogoMark name={item.logo} />
                    <span className="font-semibold">{item.company}</span>
                  </figcaption>
                </figure>
              </div>
            ))}
          </TestimonialCarousel>
        </div>
      </div>
    </section>
  );
}
