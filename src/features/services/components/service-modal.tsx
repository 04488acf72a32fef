import { useEffect, useMemo, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import type { ServiceSummary } from '../../../lib/api-contract/business-settings';
import { preloadImages, wrapIndex } from '../carousel';
import './service-modal.css';

export interface ServiceModalProps {
  service: ServiceSummary;
  /** The service's text, the server's safe HTML ('' for none, or while it loads). */
  html: string;
  onClose: () => void;
  /** Enquire Now: the modal closes and the contact modal opens with this subject. */
  onEnquire: (subject: string) => void;
}

/** The photos of a service at full size (the carousel's). */
const fullSize = (urls: string[]) => urls.map((url) => url.replace(/\/large_([^/]+)$/, '/xlarge_$1'));

/**
 * The service modal of spec section 2: carousel, title, summary and text (business.json `services`),
 * Enquire Now.
 */
export function ServiceModal({ service, html, onClose, onEnquire }: ServiceModalProps) {
  const data = useMemo(() => ({ ...service, images: fullSize(service.photoUrls) }), [service]);
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
      <div className="service split">
        {count === 0 ? null : ready ? (
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
          {data.summary ? <p className="service__lead">{data.summary}</p> : null}
          {html ? (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's safe HTML of business.json's Markdown (server/services/markdown.ts).
            <div dangerouslySetInnerHTML={{ __html: html }} />
          ) : null}
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
