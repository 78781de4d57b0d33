"""Ways to spoil a JSON file, shared by the store tests."""
import copy

OTHER_VALUES = (None, True, 0, 1.5, "x", [], {}, ["x"], {"x": 1})


def paths_in(value, prefix=()):
    """Every place in a JSON value, the root first."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths_in(item, prefix + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from paths_in(item, prefix + (i,))


def replaced(data, path, new):
    if not path:
        return copy.deepcopy(new)
    out = copy.deepcopy(data)
    holder = out
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = copy.deepcopy(new)
    return out


def get(data, path):
    for step in path:
        data = data[step]
    return data


def wrong_types(data):
    """(path, spoiled copy) for every place and every value of another type."""
    for path in paths_in(data):
        current = get(data, path)
        for new in OTHER_VALUES:
            if type(new) is not type(current):
                yield path, replaced(data, path, new)


def nested(depth: int) -> str:
    """JSON text of lists inside lists, `depth` deep (too deep for json.dumps to write)."""
    return "[" * depth + "0" + "]" * depth
