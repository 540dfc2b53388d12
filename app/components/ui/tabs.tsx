import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import type { ReactNode } from "react";
import { cn } from "./cn";

/** `label` names the tab list: needed when a page has several sets of tabs with the same names. */
export function Tabs({ tabs, defaultIndex = 0, label }: { tabs: Array<{ label: ReactNode; content: ReactNode }>; defaultIndex?: number; label?: string }) {
  return (
    <TabGroup defaultIndex={defaultIndex}>
      <TabList aria-label={label} className="flex gap-1 rounded-lg bg-slate-100 p-1">
        {tabs.map((tab, index) => (
          <Tab key={index} className={({ selected }) => cn("flex-1 rounded-md px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600", selected ? "bg-white text-slate-900 shadow" : "text-slate-700 hover:text-slate-900")}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="mt-4">
        {tabs.map((tab, index) => (
          <TabPanel key={index}>{tab.content}</TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
