import { useRef, type KeyboardEvent } from 'react';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
}

/** A tablist with roving focus: arrow keys, Home and End move between tabs and select them. */
export function DebugTabs<Id extends string>({ tabs, selected, onSelect, label, idPrefix }: { tabs: TabItem<Id>[]; selected: Id; onSelect: (id: Id) => void; label: string; idPrefix: string }) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onSelect(tabs[target]!.id);
    buttons.current[target]?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className="debug-tabs">
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab.id}`}
          aria-controls={`${idPrefix}-panel-${tab.id}`}
          aria-selected={tab.id === selected}
          tabIndex={tab.id === selected ? 0 : -1}
          className="debug-tab"
          onClick={() => onSelect(tab.id)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
