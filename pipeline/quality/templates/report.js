document.querySelectorAll('input[data-cat]').forEach(function(box){
  box.addEventListener('change',function(){
    document.body.classList.toggle('hide-'+box.dataset.cat,!box.checked);});});
