import { openDialog } from '../../shared/ui/dialog/dialog-store';

type Confirm = {
  title: string;
  body: string;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
};

/** Asks once before something that cannot be taken back by a second tap (delete, block). */
export function confirmAction({ title, body, confirm, cancel, onConfirm }: Confirm) {
  openDialog({
    title,
    body: (close) => (
      <div className="social-confirm">
        <p>{body}</p>
        <div className="social-confirm__actions">
          <button type="button" className="button button--ghost" onClick={close} data-autofocus>
            {cancel}
          </button>
          <button
            type="button"
            className="button social-confirm__danger"
            onClick={() => {
              close();
              onConfirm();
            }}
          >
            {confirm}
          </button>
        </div>
      </div>
    ),
  });
}
