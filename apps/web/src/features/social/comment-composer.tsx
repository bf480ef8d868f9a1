import type { Comment } from '@taleforge/contracts';
import { SOCIAL_LIMITS } from '@taleforge/contracts/constants';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../shared/ui/icons';
import { TextLimitCounter, textLimit } from '../../shared/ui/text-limit/text-limit';
import { openLoginModal } from '../auth/login-modal/login-modal-events';
import { failureText, needsSignIn } from './social-api';
import { usePostComment } from './use-comments';
import { useViewer } from './use-viewer';

const MAX = SOCIAL_LIMITS.commentMaxChars;

type Props = {
  gameId: number;
  /** The work's creator blocked the viewer: said in place of the box, before they write. */
  blockedByCreator?: boolean;
  replyTo: Comment | null;
  onCancelReply: () => void;
};

/**
 * The box at the foot of the comments: 1–500 characters (a counter near the limit), "Replying to @name" when
 * answering someone. A refusal keeps the text and says why (the server's words for moderation or
 * a block, else the SPEC's "Comment submission failed, please try again").
 */
export function CommentComposer({ gameId, blockedByCreator, replyTo, onCancelReply }: Props) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const post = usePostComment(gameId);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();
  const errorId = useId();
  const limit = textLimit(text, MAX);
  const { count, over: tooLong } = limit;

  useEffect(() => {
    if (replyTo) box.current?.focus();
  }, [replyTo]);

  if (!viewer.member) {
    return (
      <div className="composer composer--visitor">
        <p>{t('social.comments.signInToComment')}</p>
        <button
          type="button"
          className="button button--gold button--small"
          onClick={openLoginModal}
        >
          {t('social.signIn')}
        </button>
      </div>
    );
  }

  if (blockedByCreator) {
    return (
      <div className="composer composer--visitor" role="note">
        <p>{t('social.comments.blockedByCreator')}</p>
      </div>
    );
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (count === 0 || tooLong || post.isPending) return;
    setProblem(null);
    post.mutate(
      { body: text.trim(), replyTo: replyTo ?? undefined },
      {
        onSuccess: () => {
          setText('');
          onCancelReply();
          // The send button is disabled now; the box keeps the focus for the next comment.
          box.current?.focus();
        },
        onError: (error) => {
          if (!needsSignIn(error)) setProblem(failureText(error, t('social.comments.postFailed')));
        },
      },
    );
  };

  return (
    <form className="composer" onSubmit={handleSubmit}>
      {replyTo && (
        <p className="composer__replying">
          <span>{t('social.comments.replyingTo', { name: replyTo.author.nick_name })}</span>
          <button
            type="button"
            className="composer__cancel"
            aria-label={t('social.comments.cancelReply')}
            onClick={onCancelReply}
          >
            <CloseIcon size={14} />
          </button>
        </p>
      )}
      <div className="composer__row">
        <textarea
          ref={box}
          className="composer__input"
          rows={2}
          value={text}
          placeholder={t(
            replyTo ? 'social.comments.replyPlaceholder' : 'social.comments.placeholder',
          )}
          aria-label={t(replyTo ? 'social.comments.replyLabel' : 'social.comments.label')}
          aria-describedby={`${counterId} ${problem ? errorId : ''}`}
          aria-invalid={tooLong || undefined}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            // Ctrl/⌘+Enter sends, as in most comment boxes; Enter alone is a new line.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) handleSubmit(event);
          }}
        />
        <button
          type="submit"
          className="button button--gold button--small composer__send"
          disabled={count === 0 || tooLong || post.isPending}
        >
          {t(replyTo ? 'social.comments.sendReply' : 'social.comments.send')}
        </button>
      </div>
      <div className="composer__foot">
        {problem && (
          <p id={errorId} className="composer__error" role="alert">
            {problem}
          </p>
        )}
        <TextLimitCounter id={counterId} limit={limit} />
      </div>
    </form>
  );
}
