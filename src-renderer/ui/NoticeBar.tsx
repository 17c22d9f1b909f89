// The app's one message line: "Saved", or what went wrong; polite for news, assertive for errors.
import { useEffect } from 'react';
import { useEditorStore } from '../store';

const INFO_SHOWN_MS = 5000;

export function NoticeBar() {
  const notice = useEditorStore((state) => state.notice);
  const clearNotice = useEditorStore((state) => state.clearNotice);
  useEffect(() => {
    if (notice?.kind !== 'info') return;
    const timer = setTimeout(clearNotice, INFO_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [notice, clearNotice]);
  return (
    <div className="notice-bar">
      {/* Both regions stay in the page, so screen readers watch them before anything is said. */}
      <div role="status" className="notice notice-info">
        {notice?.kind === 'info' && notice.message}
      </div>
      <div role="alert" className="notice notice-error">
        {notice?.kind === 'error' && (
          <>
            <span>{notice.message}</span>
            <button type="button" className="link-button" onClick={clearNotice}>
              Dismiss
            </button>
          </>
        )}
      </div>
    </div>
  );
}
