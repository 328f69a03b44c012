import type { Product } from '@ecogrid/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { formatUgx } from '@/lib/money.ts';
import { textIndex } from '@/lib/text-search.ts';
import { sizingCatalogueQuery } from './api.ts';
import { ModelAnswer } from './model-answer.tsx';

/** An answer the page can quote: its question is its title, `href` opens it. */
export type QuotedAnswer = { id: string; question: string; answer: string; href: string };

type Props = {
  /** The common questions' answers that best match the text, best first (the page supplies the search). */
  findAnswers: (text: string) => QuotedAnswer[];
};

type SearchedProduct = { id: string; name: string; description: string; appliances: string };

/** The products whose name, description or included appliances match the question, best first. */
function useProductSearch() {
  const catalogue = useQuery(sizingCatalogueQuery);
  return useMemo(() => {
    const products = catalogue.data ?? [];
    const index = textIndex<SearchedProduct>(
      ['name', 'description', 'appliances'],
      products.map((p) => ({ ...p, appliances: p.specs.appliancesIncluded.join(' ') })),
    );
    const byId = new Map(products.map((product) => [product.id, product]));
    return (text: string): Product[] =>
      index
        .search(text, { boost: { name: 2 }, fuzzy: 0.1 })
        .slice(0, 3)
        .flatMap((hit) => byId.get(String(hit.id)) ?? []);
  }, [catalogue.data]);
}

/**
 * A question box answered by search: the best matching common answer, quoted with a link to
 * it, and matching products with their catalogue price. Nothing is made up: every word shown is
 * an answer's or the catalogue's, but for a language model's answer when the server has one,
 * asked for by the reader and labelled as the model's (ModelAnswer).
 */
export function AskBox({ findAnswers }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState<string>();
  const searchProducts = useProductSearch();
  const answers = asked ? findAnswers(asked) : [];
  const products = asked ? searchProducts(asked) : [];
  const best = answers[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) setAsked(text.trim());
  };

  return (
    <section aria-labelledby="ask-title" className="space-y-3">
      <h2 id="ask-title" className="text-xl font-bold">
        {t('assistant.ask.title')}
      </h2>
      <form onSubmit={submit} className="space-y-2">
        <TextField
          id={id}
          label={t('assistant.ask.label')}
          hint={t('assistant.ask.hint')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit">{t('assistant.ask.submit')}</Button>
      </form>
      <div aria-live="polite" className="space-y-3">
        {asked && !best && products.length === 0 && (
          <p className="rounded-lg bg-stone-100 p-3">{t('assistant.ask.nothing')}</p>
        )}
        {best && (
          <blockquote className="space-y-1 rounded-2xl rounded-tl-none bg-brand-50 p-3">
            <p className="text-sm font-semibold">{t('assistant.ask.fromAnswer', { question: best.question })}</p>
            <p>{best.answer}</p>
            <Link to={best.href} className="text-sm font-semibold text-brand-800 underline">
              {t('assistant.ask.readAnswer')}
            </Link>
          </blockquote>
        )}
        {asked && (
          <ModelAnswer
            key={asked}
            question={asked}
            answerIds={answers.map((a) => a.id)}
            productIds={products.map((p) => p.id)}
          />
        )}
        {products.length > 0 && (
          <div className="space-y-1">
            <h3 className="font-semibold">{t('assistant.ask.products')}</h3>
            <ul className="space-y-1">
              {products.map((product) => (
                <li key={product.id}>
                  <Link to={`/product/${product.id}`} className="text-brand-800 underline">
                    {product.name}
                  </Link>{' '}
                  · {formatUgx(product.price)}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
