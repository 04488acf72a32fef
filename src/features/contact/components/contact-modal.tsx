import { useAtom } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { CharacterCount } from '../../../components/ui/character-count';
import { Dialog } from '../../../components/ui/dialog';
import type { ContactBody } from '../../../lib/api-contract';
import { FIELD_LIMITS, phoneProblem } from '../../../lib/api-contract/field-rules';
import { ApiError } from '../../../lib/http';
import { asSentence } from '../../../lib/sentence';
import { createContactMessage, saveToOutbox, submitContactMessage } from '../../order-requests';
import {
  CONTACT_ERROR_TEXT,
  CONTACT_SAVED_TEXT,
  CONTACT_SUCCESS_CLOSE_MS,
  CONTACT_SUCCESS_TEXT,
  contactFieldProblems,
  emptyContactForm,
  isContactFormComplete,
} from '../contact-form';
import { contactFormAtom, contactModalAtom } from '../state/contact-atoms';
import './contact.css';

const FIELDS: { name: Exclude<keyof ContactBody, 'message'>; label: string; type: string; autoComplete: string }[] = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'subject', label: 'Subject', type: 'text', autoComplete: 'off' },
];

/** The contact modal of spec sections 2 and 4: closed, open, submitting, then success or error. */
export function ContactModal() {
  const [state, setState] = useAtom(contactModalAtom);
  const [form, setForm] = useAtom(contactFormAtom);
  const [status, setStatus] = useState<'idle' | 'sending' | 'success' | 'saved' | 'error'>('idle');
  const attempt = useRef(crypto.randomUUID());
  const idPrefix = useId();
  // What the server refused, by field, and the form as it was sent (a message goes once its field changes).
  const [refused, setRefused] = useState<{
    problems: Partial<Record<keyof ContactBody, string>>;
    sent: ContactBody;
  } | null>(null);

  const close = () => {
    setState({ open: false, subject: '' });
    setForm(emptyContactForm());
    setStatus('idle');
    attempt.current = crypto.randomUUID();
  };
  const closeRef = useRef(close);
  closeRef.current = close;

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => closeRef.current(), CONTACT_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const submitting = status === 'sending';
  // What the server would refuse is said beside its field, before sending (the same rule).
  const serverProblem = (key: keyof ContactBody) => {
    const message = refused?.problems[key];
    return message && refused.sent[key] === form[key] ? asSentence(message) : null;
  };
  const problems: Partial<Record<keyof ContactBody, string | null>> = {
    name: serverProblem('name'),
    email: serverProblem('email'),
    phone: (form.phone.trim() ? asSentence(phoneProblem(form.phone)) : null) ?? serverProblem('phone'),
    subject: serverProblem('subject'),
  };

  const submit = async () => {
    setStatus('sending');
    setRefused(null);
    // The id is fixed per message: sending it again (or from the outbox) delivers it once.
    const message = createContactMessage(form, attempt.current);
    const outcome = await submitContactMessage(message);
    if (outcome.kind === 'sent') {
      // Sent: the draft goes, so a reload cannot offer it again.
      setForm(emptyContactForm());
      setStatus('success');
      return;
    }
    if (outcome.kind === 'retry') {
      try {
        await saveToOutbox({ kind: 'contact', message }, outcome.retryAfterMs);
        setForm(emptyContactForm());
        setStatus('saved');
        return;
      } catch (error) {
        console.error('The message could not be saved on this device', error);
      }
    }
    console.error('Contact send failed', outcome);
    if (outcome.kind === 'error' && outcome.error instanceof ApiError) {
      setRefused({ problems: contactFieldProblems(outcome.error.issues), sent: form });
    }
    setStatus('error');
  };
  return (
    <Dialog open={state.open} onClose={close} title="Contact Us" size="small">
      {status === 'success' ? (
        <p className="contact__success" role="status">
          {CONTACT_SUCCESS_TEXT}
        </p>
      ) : status === 'saved' ? (
        <div className="contact__saved" role="status">
          <p>{CONTACT_SAVED_TEXT}</p>
          <button type="button" className="button" onClick={close}>
            Close
          </button>
        </div>
      ) : (
        <form
          className="contact"
          onSubmit={(event) => {
            event.preventDefault();
            if (!isContactFormComplete(form) || problems.phone) return;
            void submit();
          }}
        >
          <fieldset disabled={submitting}>
            <legend className="visually-hidden">Your message and how to reach you</legend>
            {FIELDS.map((field) => {
              const problem = problems[field.name] ?? null;
              const problemId = `${idPrefix}-${field.name}-problem`;
              return (
                <div className="field" key={field.name}>
                  <label htmlFor={`${idPrefix}-${field.name}`}>{field.label}</label>
                  <input
                    id={`${idPrefix}-${field.name}`}
                    name={field.name}
                    type={field.type}
                    autoComplete={field.autoComplete}
                    required
                    maxLength={FIELD_LIMITS[field.name]}
                    aria-invalid={problem !== null}
                    aria-describedby={problem ? problemId : undefined}
                    value={form[field.name]}
                    onChange={(event) => setForm((current) => ({ ...current, [field.name]: event.target.value }))}
                  />
                  {problem && (
                    <p id={problemId} className="field__problem" role="alert">
                      {problem}
                    </p>
                  )}
                </div>
              );
            })}
            <div className="field">
              <label htmlFor={`${idPrefix}-message`}>Message</label>
              <textarea
                id={`${idPrefix}-message`}
                name="message"
                required
                rows={5}
                maxLength={FIELD_LIMITS.message}
                aria-invalid={serverProblem('message') !== null}
                aria-describedby={`${idPrefix}-message-count${serverProblem('message') ? ` ${idPrefix}-message-problem` : ''}`}
                value={form.message}
                onChange={(event) => setForm((current) => ({ ...current, message: event.target.value }))}
              />
              <CharacterCount
                id={`${idPrefix}-message-count`}
                length={form.message.length}
                limit={FIELD_LIMITS.message}
              />
              {serverProblem('message') && (
                <p id={`${idPrefix}-message-problem`} className="field__problem" role="alert">
                  {serverProblem('message')}
                </p>
              )}
            </div>
          </fieldset>
          {status === 'error' && (
            <p className="form-error" role="alert">
              {CONTACT_ERROR_TEXT}
            </p>
          )}
          <button type="submit" className="button contact__submit" disabled={submitting || Boolean(problems.phone)}>
            {submitting ? 'Sending...' : 'Send Message'}
          </button>
        </form>
      )}
    </Dialog>
  );
}
