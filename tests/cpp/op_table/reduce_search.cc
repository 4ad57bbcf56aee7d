// Reductions, and searching or scanning along an axis.
#include "op_table.h"

namespace paddle {
namespace test {

namespace {
using Longs = std::vector<int64_t>;

// reduce_all / reduce_any over X [3, 4, 5] (non-zero is true) against numpy's
// all/any; `x_dtype` fixes X's element type (bool), else X takes every kernel's.
OpRow LogicalReduceRow(const std::string& name, const std::string& op, Longs dims, bool keep,
                       bool reduce_all, std::optional<DataType> x_dtype, double lo, double hi) {
  OpInput x{"X", {3, 4, 5}, lo, hi};
  x.dtype = x_dtype;
  x.special = {0, 0, 0, 0, 0, 0, 0};  // zeros for the floating-point kernels
  OpRow r{name, op, {x},
          {{"dim", dims}, {"keep_dim", keep}, {"reduce_all", reduce_all}}, nullptr};
  const bool all = op == "reduce_all";
  r.reference = [=](const std::vector<Arr>& in, const AttributeMap&) {
    std::vector<int> ref_dims(dims.begin(), dims.end());
    if (reduce_all) ref_dims.clear();
    return ReduceRef(in[0], ref_dims, keep, [all](const std::vector<double>& v) {
      auto true_at = [](double e) { return e != 0; };
      return double(all ? std::all_of(v.begin(), v.end(), true_at)
                        : std::any_of(v.begin(), v.end(), true_at));
    });
  };
  return r;
}
}  // namespace

PD_OP_TABLE(ReduceSearch) {
  std::vector<OpRow> rows = {
      ReduceRow("reduce_sum", "reduce_sum", {1}, false, Sum),
      ReduceRow("reduce_sum_all_keep", "reduce_sum", {}, true, Sum),
      ReduceRow("reduce_mean", "reduce_mean", {0, 2}, false, Mean),
      ReduceRow("reduce_mean_last_keep", "reduce_mean", {-1}, true, Mean),
      ReduceRow("reduce_max", "reduce_max", {2}, false, MaxOf),
      ReduceRow("reduce_min", "reduce_min", {0}, true, MinOf),
      ReduceRow("reduce_prod", "reduce_prod", {1, 2}, false,
                [](const std::vector<double>& v) {
                  return std::accumulate(v.begin(), v.end(), 1.0, std::multiplies<double>());
                }),
  };
  // Logical reductions: bool X (mostly true for all, mostly false for any),
  // then X of every kernel's type.
  const std::optional<DataType> kBoolX = DataType::kBool;
  rows.push_back(LogicalReduceRow("reduce_all_bool", "reduce_all", {1}, false, false, kBoolX, 0, 5));
  rows.push_back(
      LogicalReduceRow("reduce_any_bool_keep", "reduce_any", {0, 2}, true, false, kBoolX, -5, 1));
  rows.push_back(LogicalReduceRow("reduce_all_bool_reduce_all", "reduce_all", {1}, false, true,
                                  kBoolX, 0, 8));
  rows.push_back(
      LogicalReduceRow("reduce_any_bool_every_dim", "reduce_any", {0, 1, 2}, true, false, kBoolX,
                       -12, 1));
  rows.push_back(LogicalReduceRow("reduce_all_numbers", "reduce_all", {-1}, false, false,
                                  std::nullopt, -1, 1));
  rows.push_back(LogicalReduceRow("reduce_any_numbers_keep", "reduce_any", {0}, true, false,
                                  std::nullopt, -1, 1));
  // AxisTensor and AxisTensorList are accepted but, as in PaddlePaddle 3.3.1,
  // not read: `dim` decides.
  OpRow axis_tensor =
      LogicalReduceRow("reduce_all_axis_tensor_not_read", "reduce_all", {2}, false, false,
                       kBoolX, 0, 5);
  axis_tensor.inputs.push_back(OpInput{"AxisTensor", {1}, 0, 0, false, {}, DataType::kInt64});
  rows.push_back(axis_tensor);
  OpRow axis_list = LogicalReduceRow("reduce_any_axis_tensor_list_not_read", "reduce_any",
                                     {0, 2}, true, false, kBoolX, -5, 1);
  axis_list.inputs.push_back(OpInput{"AxisTensorList", {1}, 1, 1, false, {}, DataType::kInt32});
  axis_list.inputs.push_back(OpInput{"AxisTensorList", {1}, -1, -1, false, {}, DataType::kInt32});
  rows.push_back(axis_list);
  // Searching and scanning along an axis.
  auto arg = [](const std::string& op, bool max) {
    OpRow r{op, op, {{"X", {3, 4, 5}}}, {{"axis", int64_t{1}}}, nullptr};
    r.reference = [max](const std::vector<Arr>& in, const AttributeMap&) {
      Arr a = AlongLines(in[0], 1, 1, [max](const std::vector<double>& l) {
        const auto it = max ? std::max_element(l.begin(), l.end()) : std::min_element(l.begin(), l.end());
        return std::vector<double>{double(it - l.begin())};
      });
      a.shape = {3, 5};
      return a;
    };
    return r;
  };
  rows.push_back(arg("arg_max", true));
  rows.push_back(arg("arg_min", false));
  OpRow topk{"top_k_v2", "top_k_v2", {{"X", {3, 6}}}, {{"k", int32_t{2}}}, nullptr};
  topk.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    return AlongLines(in[0], 1, 2, [](const std::vector<double>& l) { return SortedDesc(l); });
  };
  rows.push_back(topk);
  OpRow argsort{"argsort", "argsort", {{"X", {4, 3, 2}}}, {{"axis", int32_t{0}}}, nullptr};
  argsort.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    return AlongLines(in[0], 0, 4, [](std::vector<double> l) {
      std::sort(l.begin(), l.end());
      return l;
    });
  };
  rows.push_back(argsort);
  auto cumsum = [](const std::string& name, bool exclusive, bool reverse) {
    OpRow r{name, "cumsum", {{"X", {3, 4, 5}}},
            {{"axis", int32_t{1}}, {"exclusive", exclusive}, {"reverse", reverse}}, nullptr};
    r.reference = [exclusive, reverse](const std::vector<Arr>& in, const AttributeMap&) {
      return AlongLines(in[0], 1, 4, [=](const std::vector<double>& l) {
        std::vector<double> out(l.size());
        double acc = 0;
        for (size_t s = 0; s < l.size(); ++s) {
          const size_t j = reverse ? l.size() - 1 - s : s;
          if (exclusive) out[j] = acc;
          acc += l[j];
          if (!exclusive) out[j] = acc;
        }
        return out;
      });
    };
    return r;
  };
  rows.push_back(cumsum("cumsum", false, false));
  rows.push_back(cumsum("cumsum_exclusive_reverse", true, true));
  return rows;
}

}  // namespace test
}  // namespace paddle
