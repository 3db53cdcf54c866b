/** Report API wire shapes (api-contract.md, "Reports"). */
export {};
