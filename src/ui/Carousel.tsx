import { useEffect, useState } from 'react';
import { CAROUSEL_FADE_MS, CAROUSEL_INTERVAL_MS } from '../domain/constants';

const slides = [
  { src: '/amelia/carrusel-1.svg', alt: 'Facture en segundos, autorizado por el SRI' },
  { src: '/amelia/carrusel-2.svg', alt: 'Contabilidad, tributación y firma electrónica' },
];

/** Amelia's two-image carousel (non-white-label sign-in pages): next image every 3 s. */
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
          alt={slide.alt}
          aria-hidden={i !== current}
          data-active={i === current}
          style={{ opacity: i === current ? 1 : 0, transitionDuration: `${CAROUSEL_FADE_MS}ms` }}
        />
      ))}
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
