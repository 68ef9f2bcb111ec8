import type { ReactNode } from 'react';

/**
 * Tabs drawn at build time. With JavaScript the client runtime wires the ARIA tab pattern
 * (arrows, Home/End); without it every panel is shown, each under its own label.
 */
export function Tabs({ id, label, tabs }: { id: string; label: string; tabs: { label: string; content: ReactNode }[] }) {
  return (
    <div className="tabs" data-tabs="">
      <div className="tab-list" role="tablist" aria-label={label}>
        {tabs.map((tab, index) => (
          <button
            key={tab.label}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-controls={`${id}-panel-${index}`}
            aria-selected={index === 0}
            tabIndex={index === 0 ? 0 : -1}
            className="tab"
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div key={tab.label} className="tab-panel" role="tabpanel" id={`${id}-panel-${index}`} aria-labelledby={`${id}-tab-${index}`} hidden={index !== 0}>
          <p className="tab-panel-label">{tab.label}</p>
          {tab.content}
        </div>
      ))}
    </div>
  );
}
