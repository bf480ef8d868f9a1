import { SCRIPT_TYPES, type ScriptType } from '@taleforge/contracts/constants';
import {
  GAME_LIST_SEARCH_MAX,
  GAME_LIST_SORTS,
  type GameListSort,
} from '@taleforge/contracts/game-list';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrowseParams } from './browse-params';

const SEARCH_DELAY_MS = 300;

type Props = {
  params: BrowseParams;
  /** `replace` for typing, so every keystroke is not a step of the back button. */
  onChange: (next: BrowseParams, options?: { replace: boolean }) => void;
};

export function BrowseFilters({ params, onChange }: Props) {
  const { t } = useTranslation();
  const searchId = useId();
  const sortId = useId();
  const [text, setText] = useState(params.q);
  // The search this input last wrote to the URL: a different one came from back or forward.
  const written = useRef(params.q);

  useEffect(() => {
    if (params.q !== written.current) {
      written.current = params.q;
      setText(params.q);
    }
  }, [params.q]);

  useEffect(() => {
    if (text === written.current) return;
    const timer = setTimeout(() => {
      written.current = text;
      onChange({ ...params, q: text }, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, params, onChange]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    written.current = text;
    onChange({ ...params, q: text });
  };

  const chooseType = (type: ScriptType | null) => onChange({ ...params, type });

  return (
    <div className="browse-filters">
      <search className="browse-search">
        <form onSubmit={handleSubmit}>
          <label htmlFor={searchId} className="sr-only">
            {t('browse.searchLabel')}
          </label>
          <input
            id={searchId}
            type="search"
            className="browse-search__input"
            value={text}
            maxLength={GAME_LIST_SEARCH_MAX}
            placeholder={t('browse.searchPlaceholder')}
            enterKeyHint="search"
            onChange={(event) => setText(event.target.value)}
          />
        </form>
      </search>
      <div className="browse-sort">
        <label htmlFor={sortId}>{t('browse.sortLabel')}</label>
        <select
          id={sortId}
          value={params.sort}
          onChange={(event) => onChange({ ...params, sort: event.target.value as GameListSort })}
        >
          {GAME_LIST_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`browse.sorts.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="browse-genres">
        <legend className="sr-only">{t('browse.genreLabel')}</legend>
        <button
          type="button"
          className="browse-genre"
          aria-pressed={params.type === null}
          onClick={() => chooseType(null)}
        >
          {t('browse.allGenres')}
        </button>
        {SCRIPT_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            className="browse-genre"
            aria-pressed={params.type === type}
            onClick={() => chooseType(type)}
          >
            {t(`genres.${type}`)}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
