import type { ReactNode } from 'react';

/**
 * Tabs drawn at build time. With JavaScript the client runtime wires the ARIA tab pattern
 * (arrows, Home/End); without it every panel is shown, each under its own label. A tab that
 * `follows` a section (its heading's id) is shown when the reader scrolls to that section.
 */
export function Tabs({ id, label, tabs, group }: { id: string; label: string; tabs: { label: string; value?: string; follows?: string; content: ReactNode }[]; group?: string }) {
  // With a group, the client remembers the reader's choice and shows it in every set of the group.
  return (
    <div className="tabs" data-tabs="" data-tab-group={group}>
      <div className="tab-list" role="tablist" aria-label={label}>
        {tabs.map((tab, index) => (
          <button
            key={`${tab.label}-${index}`}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-controls={`${id}-panel-${index}`}
            aria-selected={index === 0}
            tabIndex={index === 0 ? 0 : -1}
            className="tab"
            data-tab-value={tab.value}
            data-follows-section={tab.follows}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div key={`${tab.label}-${index}`} className="tab-panel" role="tabpanel" id={`${id}-panel-${index}`} aria-labelledby={`${id}-tab-${index}`} hidden={index !== 0}>
          <p className="tab-panel-label">{tab.label}</p>
          {tab.content}
        </div>
      ))}
    </div>
  );
}
