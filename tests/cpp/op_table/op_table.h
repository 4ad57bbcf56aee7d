// The op table: one row per op (or variant), each checked by the harness
// (op_harness.h). Rows live in one file per area under op_table/, each a
// PD_OP_TABLE(Area) { ... return rows; } block; adding an op means adding its
// row to its area's file. The coverage test in ops_table_test.cc sees every
// area's rows.
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <string>
#include <vector>

#include "../op_harness.h"

namespace paddle {
namespace test {

using Ints = std::vector<int32_t>;

class OpTable : public ::testing::TestWithParam<OpRow> {};

// Every area's rows, for the coverage test.
std::vector<OpRow> AllRows();
// Called once per area at static initialization; returns true.
bool ListRows(std::vector<OpRow> (*rows)());
std::string RowName(const ::testing::TestParamInfo<OpRow>& info);

// One area of the table: its rows become the test cases Area/OpTable.*/<row>.
#define PD_OP_TABLE(Area)                                                                   \
  std::vector<OpRow> Area##Rows();                                                          \
  INSTANTIATE_TEST_SUITE_P(Area, OpTable, ::testing::ValuesIn(Area##Rows()), RowName);       \
  static const bool Area##_listed = ListRows(Area##Rows);                                   \
  std::vector<OpRow> Area##Rows()

// Row makers for the families: X of [3, 4, 5] (or the given shapes) against a
// float64 reference of each element.
OpRow UnaryRow(const std::string& op, std::function<double(double)> f, double lo = -2,
               double hi = 2, AttributeMap attrs = {});
OpRow BinaryRow(const std::string& name, const std::string& op, Shape x, Shape y,
                std::function<double(double, double)> f, double lo = -2, double hi = 2);
OpRow ReduceRow(const std::string& name, const std::string& op, Ints dims, bool keep,
                std::function<double(const std::vector<double>&)> f);

// Applies fn to every line of `x` along `axis` (a vector of n values) and
// writes the m values it returns back along the same axis.
Arr AlongLines(const Arr& x, int axis, int64_t m,
               const std::function<std::vector<double>(const std::vector<double>&)>& fn);

std::vector<double> SortedDesc(std::vector<double> v);
double Sum(const std::vector<double>& v);
double Mean(const std::vector<double>& v);
double MaxOf(const std::vector<double>& v);
double MinOf(const std::vector<double>& v);

}  // namespace test
}  // namespace paddle
