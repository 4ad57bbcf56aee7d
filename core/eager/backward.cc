#include "core/eager/backward.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "core/base/enforce.h"
#include "core/base/profiler.h"
#include "core/eager/grad_node.h"
#include "core/eager/op_runner.h"

namespace paddle {
namespace eager {

namespace {

using OutKey = std::pair<const GradNode*, std::pair<int, int>>;

TensorPtr Sum(const TensorPtr& a, const TensorPtr& b) {
  static const OpDef& sum = OpRegistry::Instance().Get("sum");
  TensorSlots outs{{nullptr}};
  RunOp(sum, {}, {{a, b}}, outs);
  return outs[0][0];
}

void AddTo(TensorPtr& acc, const TensorPtr& g) { acc = acc ? Sum(acc, g) : g; }

TensorPtr OnesLike(const TensorPtr& t) {
  static const OpDef& fill = OpRegistry::Instance().Get("fill_any_like");
  std::vector<Attribute> attrs = fill.CheckAttrs({{"value", 1.0f}});
  TensorSlots outs{{nullptr}};
  GradModeGuard off(false);
  RunOp(fill, attrs, {{t}}, outs);
  return outs[0][0];
}

// A copy of `g` that no other tensor shares, so later in-place updates of a
// .grad never reach a tensor the user holds.
TensorPtr OwnBuffer(const TensorPtr& g) {
  const auto& holder = g->dense().Holder();
  if (holder.use_count() == 1) return MakeTensor(g->dense());
  DenseTensor copy;
  copy.CopyFrom(g->dense());
  return MakeTensor(std::move(copy));
}

class Engine {
 public:
  Engine(bool retain_graph, bool create_graph)
      : retain_graph_(retain_graph), create_graph_(create_graph) {}

  // Targets of paddle.grad: their gradients are captured, no leaf accumulates.
  void CaptureFor(const std::vector<TensorPtr>& inputs) {
    capture_ = true;
    captured_.resize(inputs.size());
    for (size_t k = 0; k < inputs.size(); ++k) {
      const TensorPtr& t = inputs[k];
      if (t->grad_node())
        out_targets_[{t->grad_node().get(), {t->out_slot(), t->out_index()}}].push_back(k);
      else
        leaf_targets_[t.get()].push_back(k);
    }
  }
  void Block(const std::vector<TensorPtr>& vars) {
    for (const TensorPtr& t : vars) {
      if (t->grad_node()) blocked_outs_.insert({t->grad_node().get(), {t->out_slot(), t->out_index()}});
      else blocked_leaves_.insert(t.get());
    }
  }

  void Run(const std::vector<TensorPtr>& roots, const std::vector<TensorPtr>& grads) {
    GradModeGuard mode(create_graph_);
    std::vector<GradNode*> starts;
    for (size_t i = 0; i < roots.size(); ++i) {
      const TensorPtr& r = roots[i];
      if (!r->requires_grad()) continue;
      TensorPtr g = i < grads.size() && grads[i] ? grads[i] : OnesLike(r);
      PD_CHECK(g->dense().dims() == r->dense().dims(), InvalidArgument,
               "[backward] the gradient given for output #", i, " has shape ",
               g->dense().dims().ToString(), ", but the output has shape ",
               r->dense().dims().ToString());
      if (r->grad_node()) {
        Deliver(r->grad_node(), r->out_slot(), r->out_index(), g);
        starts.push_back(r->grad_node().get());
      } else {
        DeliverLeaf(r, g);
      }
    }
    Discover(starts);
    std::vector<GradNode*> ready;
    for (GradNode* n : starts)
      if (needed_.count(n) && deps_[n] == 0 &&
          std::find(ready.begin(), ready.end(), n) == ready.end())
        ready.push_back(n);
    while (!ready.empty()) {
      GradNode* node = ready.back();
      ready.pop_back();
      Execute(node, ready);
    }
    AccumulateLeaves();
  }

  std::vector<TensorPtr>& captured() { return captured_; }

 private:
  // Every node reachable from the starts; in capture mode only those on a
  // path to a target are needed. Dependencies count edges between needed nodes.
  void Discover(const std::vector<GradNode*>& starts) {
    std::unordered_map<GradNode*, int> state;  // 1: on the stack, 2: done
    std::vector<std::pair<GradNode*, size_t>> stack;
    auto edge_list = [](GradNode* n) {
      std::vector<const Edge*> es;
      for (const auto& slot : n->edges())
        for (const Edge& e : slot)
          if (e.valid()) es.push_back(&e);
      return es;
    };
    std::unordered_map<GradNode*, std::vector<const Edge*>> edges;
    for (GradNode* s : starts) {
      if (state[s]) continue;
      stack.push_back({s, 0});
      state[s] = 1;
      edges[s] = edge_list(s);
      while (!stack.empty()) {
        auto& [n, next] = stack.back();
        const auto& es = edges[n];
        if (next < es.size()) {
          const Edge* e = es[next++];
          GradNode* c = e->node.get();
          if (c && !state[c]) {
            state[c] = 1;
            edges[c] = edge_list(c);
            stack.push_back({c, 0});
          }
          continue;
        }
        // Post-order: all of n's children are settled.
        bool need = !capture_ || HasOutTarget(n);
        for (const Edge* e : es) {
          if (e->node) need = need || needed_.count(e->node.get());
          else need = need || leaf_targets_.count(e->leaf.get());
        }
        if (need) needed_.insert(n);
        state[n] = 2;
        stack.pop_back();
      }
    }
    for (auto& [n, es] : edges) {
      if (!needed_.count(n)) continue;
      for (const Edge* e : es) {
        if (e->node && needed_.count(e->node.get())) ++deps_[e->node.get()];
        else if (e->leaf) ++leaf_deps_[e->leaf.get()];
      }
    }
  }

  bool HasOutTarget(const GradNode* n) const {
    auto it = out_targets_.lower_bound({n, {INT32_MIN, INT32_MIN}});
    return it != out_targets_.end() && it->first.first == n;
  }

  void Deliver(const std::shared_ptr<GradNode>& node, int slot, int index, const TensorPtr& g) {
    if (blocked_outs_.count({node.get(), {slot, index}})) return;
    TensorSlots& in = pending_[node.get()];
    if (in.empty()) {
      in.resize(node->OutputSlotCount());
      for (size_t s = 0; s < in.size(); ++s) in[s].resize(node->OutputCount(static_cast<int>(s)));
    }
    AddTo(in[slot][index], g);
    owners_[node.get()] = node;
  }

  void DeliverLeaf(const TensorPtr& leaf, const TensorPtr& g) {
    if (blocked_leaves_.count(leaf.get())) return;
    if (capture_) {
      auto it = leaf_targets_.find(leaf.get());
      if (it != leaf_targets_.end())
        for (size_t k : it->second) AddTo(captured_[k], g);
      return;
    }
    // Summed over every path first: hooks then see the leaf's whole gradient once.
    auto [it, fresh] = leaf_grads_.try_emplace(leaf.get(), leaf, g);
    if (!fresh) AddTo(it->second.second, g);
    else leaf_order_.push_back(leaf.get());
  }

  // Each leaf whose gradient arrived: its hooks, its .grad, then its
  // accumulated-hooks. Most leaves were done during the pass (AccumulateLeaf
  // when their last path came in); what is left here are roots that are leaves.
  void AccumulateLeaves() {
    for (const EagerTensor* key : leaf_order_) AccumulateLeaf(key);
  }

  void AccumulateLeaf(const EagerTensor* key) {
    auto found = leaf_grads_.find(key);
    if (found == leaf_grads_.end() || !accumulated_.insert(key).second) return;
    {
      auto& [leaf, g] = found->second;
      for (const GradHook& hook : leaf->leaf_hooks())
        if (TensorPtr replaced = hook(g)) g = std::move(replaced);
      if (leaf->grad_zero_pending() && !create_graph_) {
        leaf->TakeGradIntoPendingZero(OwnBuffer(g)->dense());  // 0 + g, without either pass
      } else if (!leaf->grad()) {
        TensorPtr own = create_graph_ ? g : OwnBuffer(g);
        if (!create_graph_) own->set_stop_gradient(false);  // as PaddlePaddle's .grad reports
        leaf->set_grad(own);
      } else if (create_graph_) {
        leaf->set_grad(Sum(leaf->grad(), g));
      } else {
        TensorPtr sum = Sum(leaf->grad(), g);
        leaf->grad()->dense() = sum->dense();  // the same .grad object sees the update
        leaf->grad()->BumpVersion();
      }
    }
    const TensorPtr& leaf = found->second.first;
    // A copy: a hook may add hooks.
    std::vector<AccumulatedHook> hooks = leaf->accumulated_hooks();
    for (const AccumulatedHook& hook : hooks) hook();
  }

  void Execute(GradNode* node, std::vector<GradNode*>& ready) {
    profiler::RecordEvent profile(node->op_type(), profiler::EventType::kBackward, "_grad_node");
    std::shared_ptr<GradNode> keep = owners_[node];
    TensorSlots grads = std::move(pending_[node]);
    pending_.erase(node);
    if (grads.empty()) {
      grads.resize(node->OutputSlotCount());
      for (size_t s = 0; s < grads.size(); ++s)
        grads[s].resize(node->OutputCount(static_cast<int>(s)));
    }
    bool flows_on = !capture_;
    if (capture_) {
      for (auto it = out_targets_.lower_bound({node, {INT32_MIN, INT32_MIN}});
           it != out_targets_.end() && it->first.first == node; ++it) {
        const auto [slot, index] = it->first.second;
        if (grads[slot][index])
          for (size_t k : it->second) AddTo(captured_[k], grads[slot][index]);
      }
      for (const auto& slot : node->edges())
        for (const Edge& e : slot)
          if ((e.node && needed_.count(e.node.get())) || (e.leaf && leaf_targets_.count(e.leaf.get())))
            flows_on = true;
    }
    TensorSlots in_grads;
    if (flows_on) in_grads = node->Apply(std::move(grads), create_graph_, retain_graph_);
    const auto& edges = node->edges();
    for (size_t s = 0; s < edges.size(); ++s) {
      for (size_t i = 0; i < edges[s].size(); ++i) {
        const Edge& e = edges[s][i];
        const TensorPtr g = flows_on ? in_grads[s][i] : nullptr;
        if (e.node) {
          if (!needed_.count(e.node.get())) continue;
          if (g) Deliver(e.node, e.slot, e.index, g);
          else owners_[e.node.get()] = e.node;
          if (--deps_[e.node.get()] == 0) ready.push_back(e.node.get());
        } else if (e.leaf) {
          if (g) DeliverLeaf(e.leaf, g);
          // Its last path is in: the leaf's gradient is complete now.
          if (--leaf_deps_[e.leaf.get()] == 0 && !capture_) AccumulateLeaf(e.leaf.get());
        }
      }
    }
  }

  bool retain_graph_, create_graph_;
  bool capture_ = false;
  std::map<OutKey, std::vector<size_t>> out_targets_;
  std::unordered_map<const EagerTensor*, std::vector<size_t>> leaf_targets_;
  std::set<OutKey> blocked_outs_;
  std::unordered_set<const EagerTensor*> blocked_leaves_;
  std::vector<TensorPtr> captured_;
  std::unordered_set<GradNode*> needed_;
  std::unordered_map<GradNode*, int> deps_;
  std::unordered_map<GradNode*, TensorSlots> pending_;
  std::unordered_map<GradNode*, std::shared_ptr<GradNode>> owners_;
  std::unordered_map<const EagerTensor*, std::pair<TensorPtr, TensorPtr>> leaf_grads_;
  std::vector<const EagerTensor*> leaf_order_;
  std::unordered_map<const EagerTensor*, int> leaf_deps_;  // paths not yet in, per leaf
  std::unordered_set<const EagerTensor*> accumulated_;
};

// The callbacks of the Backward pass running on this thread (null outside one).
thread_local std::vector<std::function<void()>>* t_pass_callbacks = nullptr;
thread_local uint64_t t_pass_id = 0;
thread_local uint64_t t_passes = 0;  // passes run on this thread

}  // namespace

void QueueBackwardCallback(std::function<void()> fn) {
  PD_CHECK(t_pass_callbacks != nullptr, PreconditionNotMet,
           "[backward] a callback can only be queued while a backward pass runs (from a hook)");
  t_pass_callbacks->push_back(std::move(fn));
}

uint64_t BackwardPassId() { return t_pass_id; }

void Backward(const std::vector<TensorPtr>& roots, const std::vector<TensorPtr>& root_grads,
              bool retain_graph) {
  std::vector<std::function<void()>> callbacks;
  struct Scope {  // restores the outer pass's state (a hook may run a backward)
    std::vector<std::function<void()>>* outer = t_pass_callbacks;
    uint64_t outer_id = t_pass_id;
    ~Scope() { t_pass_callbacks = outer, t_pass_id = outer_id; }
  } scope;
  t_pass_callbacks = &callbacks;
  t_pass_id = ++t_passes;
  Engine engine(retain_graph, /*create_graph=*/false);
  engine.Run(roots, root_grads);
  // Callbacks may queue more (each runs once, in order).
  for (size_t i = 0; i < callbacks.size(); ++i) {
    auto fn = std::move(callbacks[i]);
    fn();
  }
}

std::vector<TensorPtr> Grad(const std::vector<TensorPtr>& outputs,
                            const std::vector<TensorPtr>& inputs,
                            const std::vector<TensorPtr>& grad_outputs,
                            const std::vector<TensorPtr>& no_grad_vars, const GradOptions& opts) {
  PD_CHECK(!outputs.empty(), InvalidArgument, "[paddle.grad] outputs is empty");
  PD_CHECK(!inputs.empty(), InvalidArgument, "[paddle.grad] inputs is empty");
  PD_CHECK(grad_outputs.empty() || grad_outputs.size() == outputs.size(), InvalidArgument,
           "[paddle.grad] grad_outputs has ", grad_outputs.size(), " tensors for ",
           outputs.size(), " outputs");
  bool any = false;
  for (const TensorPtr& o : outputs) any = any || o->requires_grad();
  PD_CHECK(any, InvalidArgument,
           "[paddle.grad] no output requires a gradient (all have stop_gradient=True)");
  Engine engine(opts.retain_graph || opts.create_graph, opts.create_graph);
  engine.CaptureFor(inputs);
  engine.Block(no_grad_vars);
  engine.Run(outputs, grad_outputs);
  std::vector<TensorPtr> result = std::move(engine.captured());
  for (size_t k = 0; k < result.size(); ++k) {
    PD_CHECK(result[k] || opts.allow_unused, InvalidArgument, "[paddle.grad] input #", k,
             " ('", inputs[k]->name(), "') is not used to compute the outputs (or needs no "
             "gradient); pass allow_unused=True to get None for it");
    if (result[k] && !opts.create_graph) {
      result[k] = MakeTensor(result[k]->dense());
    }
  }
  return result;
}

}  // namespace eager
}  // namespace paddle
