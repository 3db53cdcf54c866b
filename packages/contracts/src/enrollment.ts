/** Enrollment and registration wire shapes (api-contract.md, "Enrollment"). */
export {};
