import { useEffect, useState } from 'react';

/** A new image every 3 s, each fading in over 1.2 s. */
const CAROUSEL_INTERVAL_MS = 3000;
const CAROUSEL_FADE_MS = 1200;

const slides = [
  { src: '/amelia/carrusel-1.svg', caption: 'Facture en segundos, autorizado por el SRI' },
  { src: '/amelia/carrusel-2.svg', caption: 'Contabilidad, tributación y firma electrónica' },
];

/**
 * Amelia's two-image carousel (non-white-label sign-in pages): next image every 3 s. The caption is text over
 * the image, not part of it, so it wraps on any panel width instead of being cropped with the picture.
 */
export function Carousel() {
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setCurrent((i) => (i + 1) % slides.length), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="am-carousel" role="region" aria-roledescription="carrusel" aria-label="Novedades de Amelia">
      {slides.map((slide, i) => (
        <img
          key={slide.src}
          src={slide.src}
          alt=""
          aria-hidden
          data-active={i === current}
          style={{ opacity: i === current ? 1 : 0, transitionDuration: `${CAROUSEL_FADE_MS}ms` }}
        />
      ))}
      <p className="am-carousel__caption" aria-live="polite">
        {slides[current].caption}
      </p>
      <div className="am-carousel__dots">
        {slides.map((slide, i) => (
          <button
            key={slide.src}
            type="button"
            aria-label={`Ver imagen ${i + 1}`}
            aria-current={i === current}
            onClick={() => setCurrent(i)}
          />
        ))}
      </div>
    </div>
  );
}
