import type { ClientSiteData } from '../../src/shared/types.ts';

interface Props {
  bar: NonNullable<ClientSiteData['announcementBar']>;
  onClose: () => void;
}

/** The optional bar above the navbar; hidden before paint by the head script once dismissed. */
export function AnnouncementBar({ bar, onClose }: Props) {
  return (
    <div
      className="announcement-bar"
      role="region"
      aria-label="Announcement"
      data-announcement-id={bar.id}
      style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}
    >
      <p className="announcement-content">{bar.content}</p>
      {bar.isCloseable && (
        <button type="button" className="announcement-close" aria-label="Close announcement" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
