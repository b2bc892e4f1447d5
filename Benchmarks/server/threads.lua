-- Numbers wrk's threads 1, 2, …: each thread's script sees its own as `id`, to keep its requests
-- apart from the other threads'.
local threads = 0
setup = function(thread)
    threads = threads + 1
    thread:set("id", threads)
end
