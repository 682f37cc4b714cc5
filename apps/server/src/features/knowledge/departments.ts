// Knowledge departments (spec section 3 selection values) and who may read them (section 6). A
// document names one or more departments; 'knowledge' means every department. Some departments
// are restricted: a document naming one is read only by people holding that department's
// capability, whatever other departments it also names and wherever they ask.
import { ADMIN_ROLE } from '../../platform/rbac/features.js';

/** Stored department values: the contract's `Department` enum plus 'knowledge' (every department). */
export const DEPARTMENTS = ['knowledge', 'it', 'devops_preprod', 'cs_preprod', 'pga', 'education'] as const;

export type Department = (typeof DEPARTMENTS)[number];

/** The department whose documents every department sees. */
export const EVERY_DEPARTMENT: Department = 'knowledge';

export function isDepartment(value: string): value is Department {
  return (DEPARTMENTS as readonly string[]).includes(value);
}

/** Who is searching: the user's role group and the features it grants. */
export interface Viewer {
  role: string;
  features?: ReadonlySet<string>;
}

/** Role that unlocks the PGA department (administrators have it too), as the web app's `hasPgaAccess`. */
export const PGA_ROLE = 'PGA';

const RESTRICTED: Partial<Record<Department, (viewer: Viewer) => boolean>> = {
  pga: (viewer) => viewer.role === PGA_ROLE || viewer.role === ADMIN_ROLE,
};

/** Whether the viewer may read documents of `department`. */
export function canReadDepartment(viewer: Viewer, department: Department): boolean {
  return RESTRICTED[department]?.(viewer) ?? true;
}

/** The restricted departments the viewer may not read: a document naming any of them is hidden. */
export function hiddenDepartments(viewer: Viewer): Department[] {
  return DEPARTMENTS.filter((department) => !canReadDepartment(viewer, department));
}

/** Every department the viewer may read. */
export function readableDepartments(viewer: Viewer): Department[] {
  return DEPARTMENTS.filter((department) => canReadDepartment(viewer, department));
}
