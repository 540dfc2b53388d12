import { describe, expect, it } from "vitest";
import { REQUEST_MSG } from "~/messages";
import { formFieldsProblem } from "./form-fields";

describe("formFieldsProblem", () => {
  it.each([
    [["email", "password", "intent"]],
    [["ids", "ids", "ids"]],
    [["columns[0]", "columns[199]", "owner.email", "a.b[3]"]],
    [Array.from({ length: 200 }, () => "k")],
  ])("accepte %j", (names) => {
    expect(formFieldsProblem(names)).toBeNull();
  });

  it.each([
    [Array.from({ length: 201 }, () => "k"), REQUEST_MSG.tooManyFields],
    [["x[10000000]"], REQUEST_MSG.badFieldName],
    [["x[200]"], REQUEST_MSG.badFieldName],
    [["a.b.c.d.e"], REQUEST_MSG.badFieldName],
    [["a[0][0][0][0]"], REQUEST_MSG.badFieldName],
    [["n".repeat(101)], REQUEST_MSG.badFieldName],
    [["email", "__intent__"], REQUEST_MSG.reservedField],
    [["__state__"], REQUEST_MSG.reservedField],
  ])("refuse %#", (names, message) => {
    expect(formFieldsProblem(names)).toBe(message);
  });
});
