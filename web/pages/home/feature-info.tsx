import type { ThemeFlags } from '../../../shared/theme/theme-config';

const features = [
  {
    image: '/images/features/doctor.svg',
    title: 'A licensed doctor',
    text: 'Every prescription order is reviewed by a doctor licensed in your state, online.',
  },
  {
    image: '/images/features/pharmacy.svg',
    title: 'Your pharmacy, your choice',
    text: 'Pick up at a pharmacy near you, or let our partner pharmacy fill it.',
  },
  {
    image: '/images/features/delivery.svg',
    title: 'Delivered and refilled',
    text: 'Orders ship to your door, and auto-refills arrive before you run out.',
  },
] as const;

/**
 * Why shop here: three features, each an image, a title and a line. The theme flags of spec §3
 * hide the images, left-align the text, and give the first feature extra room above.
 */
export function FeatureInfo({ flags }: { flags: ThemeFlags }) {
  const classes = [
    'feature-info',
    flags.leftAlignFeatureInfoText ? 'feature-info--left' : '',
    flags.firstFeatureInfoExtraMarginTop ? 'feature-info--first-spaced' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <section className={classes} aria-labelledby="features-title">
      <div className="container-sub">
        <h2 id="features-title" className="visually-hidden">
          Why choose us
        </h2>
        <ul className="feature-info__list">
          {features.map((feature) => (
            <li key={feature.title} className="feature-info__item">
              {flags.hideFeatureInfoImages ? null : (
                <img
                  className="feature-info__image"
                  src={feature.image}
                  alt=""
                  width={120}
                  height={80}
                  loading="lazy"
                />
              )}
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
