import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import type { ServiceKey } from '../../../lib/services';
import { preloadImages, wrapIndex } from '../carousel';
import { SERVICES } from '../services-data';
import './service-modal.css';

export interface ServiceModalProps {
  service: ServiceKey;
  onClose: () => void;
  /** Enquire Now: the modal closes and the contact modal opens with this subject. */
  onEnquire: (subject: string) => void;
}

/** The service modal of spec section 2: carousel, title, short and long description, Enquire Now. */
export function ServiceModal({ service, onClose, onEnquire }: ServiceModalProps) {
  const data = SERVICES[service];
  const [index, setIndex] = useState(0);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    setReady(false);
    setIndex(0);
    void preloadImages(data.images).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [data]);

  const count = data.images.length;
  const current = data.images[wrapIndex(index, count)] ?? '';
  return (
    <Dialog open onClose={onClose} title={data.title} size="medium">
      <div className="service">
        {ready ? (
          <section className="carousel" aria-roledescription="carousel" aria-label={`${data.title} photos`}>
            <a href={current} target="_blank" rel="noopener" className="carousel__frame">
              <img
                src={current}
                alt={`${data.title}, ${wrapIndex(index, count) + 1} of ${count}`}
                width={1200}
                height={1200}
              />
              <span className="visually-hidden"> (opens full size in a new tab)</span>
            </a>
            <button
              type="button"
              className="carousel__nav carousel__nav--prev"
              aria-label="Previous photo"
              onClick={() => setIndex((i) => wrapIndex(i - 1, count))}
            >
              ‹
            </button>
            <button
              type="button"
              className="carousel__nav carousel__nav--next"
              aria-label="Next photo"
              onClick={() => setIndex((i) => wrapIndex(i + 1, count))}
            >
              ›
            </button>
            <div className="carousel__dots">
              {data.images.map((url, i) => (
                <button
                  key={url}
                  type="button"
                  aria-label={`Show photo ${i + 1}`}
                  aria-current={i === wrapIndex(index, count) ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                />
              ))}
            </div>
          </section>
        ) : (
          <div className="carousel carousel--loading">
            <div className="spinner" role="progressbar" aria-label="Loading photos" />
          </div>
        )}
        <div className="service__text">
          <p className="service__lead">{data.description}</p>
          <p>{data.longDescription}</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              onClose();
              onEnquire(`${data.title} Enquiry`);
            }}
          >
            Enquire Now
          </button>
        </div>
      </div>
    </Dialog>
  );
}
