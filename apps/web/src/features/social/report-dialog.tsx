import type { CommentReportReason } from '@taleforge/contracts/constants';
import { COMMENT_REPORT_REASONS } from '@taleforge/contracts/constants';
import { useTranslation } from 'react-i18next';

/**
 * The reasons a comment can be reported for; one tap picks one. It renders in the dialog queue,
 * outside the page's query scope, so the caller sends the report.
 */
export function ReportDialogBody({
  name,
  onPick,
}: {
  name: string;
  onPick: (reason: CommentReportReason) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="social-confirm">
      <p>{t('social.report.body', { name })}</p>
      <ul className="report-reasons">
        {COMMENT_REPORT_REASONS.map((reason) => (
          <li key={reason}>
            <button
              type="button"
              className="button button--ghost report-reasons__item"
              onClick={() => onPick(reason)}
            >
              {t(`social.report.reasons.${reason}`)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
